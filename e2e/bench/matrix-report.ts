/** The append matrix's tables and the targets, printed from the runs append-matrix.ts made. */
import type { AppendSample } from './append-probe';
import { describeProfile, type Profile } from './profiles';
import { fmt, kb, percentile, ratio, table, target } from './stats';

export interface Run {
  profile: Profile;
  size: number;
  /** Navigation → newest row drawn, one load. */
  openMs: number;
  /** The main thread's busy time in a second with nothing appended: the floor under "main ms". */
  idleMsPerS: number;
  samples: AppendSample[];
}

const of = (r: Run, pick: (s: AppendSample) => number, p = 0.5) =>
  percentile(
    r.samples.map(pick).filter((v) => Number.isFinite(v)),
    p,
  );
const ms = (v: number) => `${fmt(v)} ms`;

export function printMatrix(runs: Run[], profiles: readonly Profile[]): void {
  for (const profile of profiles) {
    const rows = runs.filter((r) => r.profile === profile);
    console.log(`\nprofile ${profile.name} (${describeProfile(profile)}): cost of one append, medians`);
    console.log(
      table([
        ['items', 'open ms', 'body/append', 'wire/append', 'reads', 'main ms', 'script ms', 'style+layout ms', 'idle main ms/s'],
        ...rows.map((r) => [
          String(r.size),
          fmt(r.openMs),
          kb(of(r, (s) => s.bodyBytes)),
          kb(of(r, (s) => s.wireBytes)),
          fmt(of(r, (s) => s.responses)),
          fmt(
            of(r, (s) => s.taskMs),
            1,
          ),
          fmt(
            of(r, (s) => s.scriptMs),
            1,
          ),
          fmt(
            of(r, (s) => s.layoutMs),
            1,
          ),
          fmt(r.idleMsPerS, 1),
        ]),
      ]),
    );
    console.log(`profile ${profile.name}: agent write → row, page clock mapped onto Node's (Node clock alone for comparison)`);
    console.log(
      table([
        ['items', 'write→row p50', 'p90', 'to frame p50', 'Node clock p50', 'wait for poll p50', 'poll→row p50', 'poll→row p90'],
        ...rows.map((r) => [
          String(r.size),
          ms(of(r, (s) => s.latencyMs)),
          ms(of(r, (s) => s.latencyMs, 0.9)),
          ms(of(r, (s) => s.latencyFrameMs)),
          ms(of(r, (s) => s.latencyNodeMs)),
          ms(of(r, (s) => s.waitMs)),
          ms(of(r, (s) => s.pollToRowMs)),
          ms(of(r, (s) => s.pollToRowMs, 0.9)),
        ]),
      ]),
    );
  }
}

/** The done-when lines of issue #14, each a figure, its target and whether this run met it. */
export function printTargets(runs: Run[], normal: Profile, phone: Profile, small: number, large: number): void {
  const at = (profile: Profile, size: number) => runs.find((r) => r.profile === profile && r.size === size)!;
  const med = (profile: Profile, size: number, pick: (s: AppendSample) => number) => of(at(profile, size), pick);
  console.log(`\nissue #14 targets (${large} items against ${small}):`);
  const body = med(normal, large, (s) => s.bodyBytes);
  const bodyRatio = ratio(
    body,
    med(normal, small, (s) => s.bodyBytes),
  );
  console.log(target(`bytes per append at ${large} items, before compression`, kb(body), '≤ 2 KB', body <= 2048));
  console.log(target(`bytes per append, ${large} / ${small} items`, `${fmt(bodyRatio, 2)}×`, 'independent of length, ≤ 1.1×', bodyRatio <= 1.1));
  for (const profile of [normal, phone]) {
    const [a, b] = [med(profile, large, (s) => s.taskMs), med(profile, small, (s) => s.taskMs)];
    const main = ratio(a, b);
    console.log(target(`main-thread time per append, ${large} / ${small} items, ${profile.name}`, `${fmt(main, 2)}× (${fmt(a, 1)} / ${fmt(b, 1)} ms)`, '≤ 1.5×', main <= 1.5));
  }
  const [a, b] = [med(phone, large, (s) => s.latencyMs), med(phone, small, (s) => s.latencyMs)];
  const latency = ratio(a, b);
  console.log(target(`write→row p50, ${large} / ${small} items, ${phone.name}`, `${fmt(latency, 2)}× (${fmt(a)} / ${fmt(b)} ms)`, '≤ 1.3×', latency <= 1.3));
  const [c, d] = [med(phone, large, (s) => s.pollToRowMs), med(phone, small, (s) => s.pollToRowMs)];
  console.log(`         (its part after the poll, which the wait's phase does not blur: poll→row p50 ${fmt(c)} / ${fmt(d)} ms = ${fmt(ratio(c, d), 2)}×)`);
}
