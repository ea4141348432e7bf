export declare const allocatorSettings: Record<string, string>
export declare function withAllocatorSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv
export declare function runProductionServer(env: NodeJS.ProcessEnv): void
