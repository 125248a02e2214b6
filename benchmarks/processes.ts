import fs from 'node:fs';

export interface Proc {
  pid: number;
  command: string;
}

/** A process and everything it started, read from /proc (Linux). */
export function processTree(rootPid: number): Proc[] {
  const all = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
        return [{ pid: Number(entry), ppid, command }];
      } catch {
        return [];
      }
    });
  const tree: Proc[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    const found = all.find((p) => p.pid === pid);
    if (found) tree.push({ pid, command: found.command });
    queue.push(...all.filter((p) => p.ppid === pid).map((p) => p.pid));
  }
  return tree;
}

/** Running (a zombie waiting for its parent counts as gone). */
export function alive(pid: number): boolean {
  try {
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

/** Resident memory in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/** CPU time used so far in ms (user + system), with that of the children it has waited for. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime, cutime, cstime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 15).map(Number);
  // Linux counts in clock ticks of 10 ms.
  return (utime! + stime! + cutime! + cstime!) * 10;
}
