// Maps a reported browser stack to the shell's sources: each frame at `/assets/<chunk>.js:line:column` is looked up
// in `<mapsDir>/assets/<chunk>.js.map` (the build's hidden source maps, kept beside the served folder, never served)
// and rewritten to `client/<source>:line:column`. Frames of other files, or of a release whose maps are not here,
// stay as they were. Maps are read once per chunk and kept (a bounded number of them).
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

const FRAME = /(?:https?:\/\/[^/\s)]+)?\/assets\/([\w.-]+\.js):(\d+):(\d+)/g;
const MAX_MAPS = 200;

export type StackMapper = (stack: string) => Promise<string | undefined>;

export function createStackMapper(mapsDir: string): StackMapper {
  const maps = new Map<string, Promise<TraceMap | null>>();
  const mapOf = (chunk: string): Promise<TraceMap | null> => {
    let map = maps.get(chunk);
    if (!map) {
      map = readFile(join(mapsDir, 'assets', `${chunk}.map`), 'utf8').then(
        (text) => new TraceMap(text),
        () => null,
      );
      if (maps.size >= MAX_MAPS) maps.delete(maps.keys().next().value!);
      maps.set(chunk, map);
    }
    return map;
  };

  /** The stack with mapped frames, or undefined when no frame could be mapped. */
  return async (stack) => {
    const frames = [...stack.matchAll(FRAME)];
    if (frames.length === 0) return undefined;
    const replacements = await Promise.all(
      frames.map(async ([whole, chunk, line, column]) => {
        const map = await mapOf(chunk!);
        if (!map) return whole;
        const position = originalPositionFor(map, { line: Number(line), column: Number(column) - 1 });
        if (position.source === null || position.line === null) return whole;
        // Sources are relative to dist/assets (../../lib/x.ts): name them from the client folder.
        const source = posix.normalize(posix.join('client/dist/assets', position.source));
        return `${source}:${position.line}:${(position.column ?? 0) + 1}`;
      }),
    );
    let mapped = false;
    let index = 0;
    const result = stack.replace(FRAME, (whole) => {
      const replacement = replacements[index++] ?? whole;
      if (replacement !== whole) mapped = true;
      return replacement;
    });
    return mapped ? result : undefined;
  };
}
