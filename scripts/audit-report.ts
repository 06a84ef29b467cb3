/**
 * Reads the output of `npm audit --json` (npm 7 or newer). Pure, so the verdict is unit-tested
 * (scripts/audit-report.test.ts) with reports of each kind.
 */
export type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';

export type AuditVerdict =
  | { kind: 'clean'; counts: Record<Severity, number> }
  | { kind: 'vulnerable'; counts: Record<Severity, number>; findings: string[] }
  | { kind: 'unchecked'; reason: string };

const SEVERITIES: Severity[] = ['info', 'low', 'moderate', 'high', 'critical'];
const BLOCKING: Severity[] = ['high', 'critical'];

interface Report {
  metadata?: { vulnerabilities?: Partial<Record<Severity, number>> };
  vulnerabilities?: Record<
    string,
    { name?: string; severity?: Severity; via?: (string | { title?: string; url?: string })[] }
  >;
  message?: string;
  statusCode?: number;
  error?: { code?: string; summary?: string; detail?: string };
}

/**
 * 'vulnerable' when a high or critical advisory applies; 'clean' when the report says none does;
 * 'unchecked' when there is no report at all (the audit endpoint unreachable or refusing).
 */
export function judgeAudit(stdout: string): AuditVerdict {
  let report: Report;
  try {
    report = JSON.parse(stdout) as Report;
  } catch {
    return {
      kind: 'unchecked',
      reason: `npm audit printed no JSON report (${stdout.trim().slice(0, 120) || 'nothing'})`,
    };
  }
  const metadata = report?.metadata?.vulnerabilities;
  if (!metadata) {
    const why =
      [
        report?.statusCode && `HTTP ${report.statusCode}`,
        report?.error?.code,
        report?.message,
        report?.error?.summary,
      ]
        .filter(Boolean)
        .join(': ') || 'no vulnerability summary in the answer';
    return { kind: 'unchecked', reason: why };
  }
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, Number(metadata[s] ?? 0)])) as Record<
    Severity,
    number
  >;
  const findings = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => v.severity && BLOCKING.includes(v.severity))
    .map(([name, v]) => {
      const titles = (v.via ?? [])
        .map((via) =>
          typeof via === 'string' ? `via ${via}` : [via.title, via.url].filter(Boolean).join(' '),
        )
        .filter(Boolean);
      return `${v.severity}: ${v.name ?? name}${titles.length ? ` — ${titles.join('; ')}` : ''}`;
    });
  const blocking = BLOCKING.reduce((sum, s) => sum + counts[s], 0);
  return blocking > 0
    ? { kind: 'vulnerable', counts, findings: findings.length ? findings : [`${blocking} high or critical`] }
    : { kind: 'clean', counts };
}
