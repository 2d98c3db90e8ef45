/** One line saying where a benchmark ran, so a figure is never read without its machine and load. */
import { cpus, loadavg } from 'node:os';

export function machineLine(extra = ''): string {
  const cores = cpus();
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), load average ${load}, Node ${process.versions.node}${extra ? `, ${extra}` : ''}`;
}
