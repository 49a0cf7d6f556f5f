// Typed failures of a service call. Messages never contain the API key (it is never given to them).
import { isKeyRejectedStatus } from '../../../common/src/serviceErrors';
import type { ServiceErrorData } from '../../../common/src/protocol';

export type ApiErrorKind =
  'http' | 'unreachable' | 'timeout' | 'invalidResponse' | 'tooLarge' | 'invalidRequest' | 'cancelled';

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  /** Operation number (1-13) in the service description, when known. */
  readonly operation: number | undefined;
  constructor(message: string, operation?: number) {
    super(message);
    this.name = new.target.name;
    this.operation = operation;
  }
  /** Its classification, as the client receives it (common/src/serviceErrors.ts words it). */
  get failure(): ServiceErrorData {
    return { kind: this.kind, operation: this.operation };
  }
}

/** The service answered with an error status; `body` is its ErrorResponse when it sent one. */
export class ServiceError extends ApiError {
  readonly kind = 'http' as const;
  constructor(
    readonly status: number,
    message: string,
    operation?: number,
    readonly title?: string,
    readonly errorId?: number,
  ) {
    super(message, operation);
  }
  get unauthorized(): boolean {
    return isKeyRejectedStatus(this.status);
  }
  override get failure(): ServiceErrorData {
    return {
      kind: 'http',
      status: this.status,
      operation: this.operation,
      ...(this.title ? { title: this.title } : {}),
      reason: this.message,
    };
  }
}

export class UnreachableError extends ApiError {
  readonly kind = 'unreachable' as const;
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout' as const;
}

export class CancelledError extends ApiError {
  readonly kind = 'cancelled' as const;
}

/** The response did not match the schema: names the operation and the member. */
export class InvalidResponseError extends ApiError {
  readonly kind = 'invalidResponse' as const;
  constructor(
    message: string,
    operation: number | undefined,
    readonly member: string,
  ) {
    super(message, operation);
  }
}

export class ResponseTooLargeError extends ApiError {
  readonly kind = 'tooLarge' as const;
}

/** A write refused before sending because it does not match the schema. */
export class InvalidRequestError extends ApiError {
  readonly kind = 'invalidRequest' as const;
  constructor(
    message: string,
    operation: number | undefined,
    readonly member: string,
  ) {
    super(message, operation);
  }
}
