export declare const SHARED_BUILD_ENV: string;
/** Names this run's build directory for the worker processes (shared-build.mjs). */
export declare function shareOneBuild(): void;
/** Removes the run's build and what an interrupted build left. */
export declare function removeSharedBuild(): Promise<void>;
