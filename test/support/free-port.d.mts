/** A TCP port free on 127.0.0.1 at the time of asking (free-port.mjs). */
export declare function freePort(): Promise<number>;
