// One DARN of every form teams write, for the tests of finding (common/src/darns.ts) and
// highlighting (syntaxes/darn.injection.tmLanguage.json) them.
export const DARN_FORMS = [
  'postgres://db.example:5432:shop.public.orders',
  'mysql://mysql.example:3306:shop.orders',
  'protobuf://git@github.example:org/repo.git:proto/orders.proto:shop.Order',
  'avro://registry.example:orders-value',
  'json_schema://schemas.example:orders/order.json',
  's3://shop-events:orders/*.parquet',
] as const;
