// The wire guard of the browser journeys: every call the shell made, as the sandbox received it, judged against
// jshERP-boot's declared parameters (shared/backend-params.json). A call the real backend would refuse — no
// controller maps it, another method, a required parameter missing, a value that does not convert to its Java
// type — fails the test file, named with the reason.
import { readFileSync, existsSync } from 'node:fs';
import backendParams from '../../shared/backend-params.json' with { type: 'json' };
import { indexRoutes, refusalOfCall, type BackendParamTable } from '../../shared/backend-params.js';
import type { RecordedCall } from '../../server/sandbox/app.js';

const table = backendParams as BackendParamTable;
const index = indexRoutes(table);

/** Each distinct call jshERP-boot would refuse, as `METHOD url: reason`. */
export function refusedCalls(calls: readonly RecordedCall[]): string[] {
  const refused = new Set<string>();
  for (const call of calls) {
    const reason = refusalOfCall(index, table.contextPath, call.method, call.url);
    if (reason) refused.add(`${call.method} ${call.url}: ${reason}`);
  }
  return [...refused];
}

/** Throws (failing the test file when run as a teardown) when any recorded call would be refused. */
export function assertBackendAccepts(calls: readonly RecordedCall[], where: string): void {
  const refused = refusedCalls(calls);
  if (refused.length > 0) {
    throw new Error(
      `wire guard (${where}): ${refused.length} call(s) jshERP-boot would refuse:\n  ${refused.join('\n  ')}`,
    );
  }
}

/** The calls a gateway process's sandbox wrote to its SANDBOX_CALL_LOG (one JSON line each). */
export function readCallLog(file: string): RecordedCall[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RecordedCall);
}
