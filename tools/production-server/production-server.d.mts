import type { ChildProcess } from 'node:child_process';

export declare const WEB_APP_DIR: string;
export declare const SERVER_ENTRY: string;
export declare const STOP_TIMEOUT_MS: number;

export declare function freePort(): Promise<number>;

export interface LaunchOptions {
  port?: number;
  host?: string;
  env?: Record<string, string | undefined>;
  inheritEnv?: boolean;
  stdio?: 'pipe' | 'inherit';
  nodeArgs?: string[];
  detached?: boolean;
  appDir?: string;
}

export interface ProductionServer {
  url: string;
  port: number;
  process: ChildProcess;
  pid: number | undefined;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  output(): string;
  stdout(): string;
  stderr(): string;
  healthy(options?: { timeoutMs?: number; intervalMs?: number }): Promise<ProductionServer>;
  printed(pattern: RegExp, options?: { timeoutMs?: number }): Promise<RegExpExecArray>;
  stop(signal?: NodeJS.Signals, options?: { timeoutMs?: number }): Promise<number | null>;
  runInForeground(options?: {
    forward?: NodeJS.Signals | 'same';
    onExit?: () => void;
    exitCode?: (code: number | null, signal: NodeJS.Signals | null) => number;
  }): void;
}

export declare function launchProductionServer(options?: LaunchOptions): Promise<ProductionServer>;
export declare function startProductionServer(
  options?: LaunchOptions & { timeoutMs?: number; intervalMs?: number },
): Promise<ProductionServer>;
