import { arch, cpus, platform, release, totalmem } from 'node:os';

/** The machine a run measured, recorded next to its figures. */
export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryBytes: number;
  os: string;
  node: string;
  date: string;
}

/**
 * Describes this machine and the moment of the run.
 *
 * @example
 * ```ts
 * describeMachine().cores; // 2
 * ```
 */
export function describeMachine(): MachineInfo {
  const processors = cpus();
  return {
    cpu: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryBytes: totalmem(),
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    date: new Date().toISOString(),
  };
}
