// pino-roll ships no types; this is the part of its API the gateway uses.
declare module 'pino-roll' {
  import type { DestinationStream } from 'pino';
  interface PinoRollOptions {
    file: string;
    size?: string | number;
    frequency?: 'daily' | 'hourly' | number;
    extension?: string;
    symlink?: boolean;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<DestinationStream & { end(): void }>;
}
