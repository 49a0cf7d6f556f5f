// Registers the agent tools' request (lineageLens/agentTool): the extension's language model tools
// carry a model's call here; the tool layer (features/agentTools) answers it. The change-impact engine
// analyses the first workspace folder, as the CLI analyses its checkout.
import type { Connection } from 'vscode-languageserver';
import * as P from '../../../common/src/protocol';
import { TreeSitterDefinitions } from '../anchors';
import { checkedRequest } from '../api/handlers';
import { UserInputError } from '../api/serviceErrors';
import { changeImpact } from '../changeImpact/changeImpact';
import { runAgentTool, type AgentToolSources } from '../features/agentTools';
import type { GraphService } from '../graph/graphService';
import type { Session } from '../session/session';
import type { OnceLogger } from '../util/log';
import type { Documents } from '../workspace/documents';
import type { WorkspaceFolderInfo } from '../workspace/folders';

export interface AgentToolParts {
  session: Session;
  graph: GraphService;
  docs: Pick<Documents, 'get'>;
  folders(): readonly WorkspaceFolderInfo[];
  /** The API key in use, to keep out of every answer. */
  apiKey(): string | undefined;
}

export function registerAgentTools(connection: Connection, log: OnceLogger, parts: AgentToolParts): void {
  let definitions: TreeSitterDefinitions | undefined;
  const sources: AgentToolSources = {
    index: parts.session.index,
    store: parts.session.store,
    graph: parts.graph,
    service: parts.session,
    status: () => parts.session.snapshot(),
    folders: parts.folders,
    openText: (uri) => parts.docs.get(uri)?.getText(),
    secrets: () => {
      const key = parts.apiKey();
      return key ? [key] : [];
    },
    changeImpact: (req, signal) => {
      const root = parts.folders()[0]?.fsPath;
      if (!root) throw new UserInputError('No workspace folder is open.');
      if (signal?.aborted) throw new UserInputError('Cancelled.');
      definitions ??= new TreeSitterDefinitions({ onProblem: (m) => log.warnOnce(m) });
      return changeImpact(
        {
          root,
          index: parts.session.index,
          store: parts.session.store,
          graph: parts.graph,
          service: parts.session,
          definitions,
        },
        req,
      );
    },
  };
  connection.onRequest(
    P.AgentToolRequest,
    checkedRequest(log, P.AgentToolRequest, (p, o) => runAgentTool(sources, p.tool, p.input, o.signal)),
  );
}
