export declare const REDIS_SERVER_INSTALL_HINT: string;
export declare const TEST_REDIS_URL_ENV: string;
export declare function redisServerInstalled(): boolean;

export interface RedisServerOptions {
  /** A fixed port (to bring a stopped server back where its clients expect it); a free one if absent. */
  port?: number;
  /** More redis-server arguments, e.g. `['--cluster-enabled', 'yes']`. */
  args?: string[];
}

/** A redis-server child process for tests (see redis-server.mjs). */
export declare class RedisServerProcess {
  private constructor();
  readonly port: number;
  readonly url: string;
  static start(options?: RedisServerOptions): Promise<RedisServerProcess>;
  stop(): Promise<void>;
}
