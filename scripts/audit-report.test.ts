import { describe, expect, it } from 'vitest';
import { judgeAudit } from './audit-report.ts';

const report = (vulnerabilities: Record<string, unknown>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts },
      dependencies: { prod: 120, dev: 0, optional: 3, peer: 0, peerOptional: 0, total: 122 },
    },
  });

describe('judgeAudit (npm audit --json)', () => {
  it('is clean when no advisory applies, or only low and moderate ones', () => {
    expect(judgeAudit(report({}, {}))).toEqual({
      kind: 'clean',
      counts: { info: 0, low: 0, moderate: 0, high: 0, critical: 0 },
    });
    const moderate = report(
      { 'some-lib': { name: 'some-lib', severity: 'moderate', via: [{ title: 'ReDoS', url: 'https://x' }] } },
      { moderate: 1, total: 1 },
    );
    expect(judgeAudit(moderate)).toMatchObject({ kind: 'clean', counts: { moderate: 1 } });
  });

  it('fails on a high or a critical advisory, naming the package and the advisory', () => {
    const verdict = judgeAudit(
      report(
        {
          'bad-parser': {
            name: 'bad-parser',
            severity: 'critical',
            via: [{ title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-xxxx' }],
          },
          wrapper: { name: 'wrapper', severity: 'high', via: ['bad-parser'] },
          fine: { name: 'fine', severity: 'low', via: [] },
        },
        { critical: 1, high: 1, low: 1, total: 3 },
      ),
    );
    expect(verdict).toEqual({
      kind: 'vulnerable',
      counts: { info: 0, low: 1, moderate: 0, high: 1, critical: 1 },
      findings: [
        'critical: bad-parser — Prototype pollution https://github.com/advisories/GHSA-xxxx',
        'high: wrapper — via bad-parser',
      ],
    });
  });

  it('fails on counts alone when the details are missing', () => {
    expect(judgeAudit(report({}, { high: 2 }))).toMatchObject({
      kind: 'vulnerable',
      findings: ['2 high or critical'],
    });
  });

  it('cannot check when the audit endpoint refuses or is unreachable', () => {
    // What this machine's registry answers: the bulk advisory endpoint does not exist (405).
    expect(
      judgeAudit(
        JSON.stringify({
          message:
            '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
          statusCode: 405,
          body: '',
          error: { summary: '', detail: '' },
        }),
      ),
    ).toEqual({
      kind: 'unchecked',
      reason:
        'HTTP 405: 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
    expect(
      judgeAudit(
        JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'request to https://registry failed' } }),
      ),
    ).toEqual({ kind: 'unchecked', reason: 'ENOTFOUND: request to https://registry failed' });
    expect(judgeAudit('')).toMatchObject({ kind: 'unchecked' });
    expect(judgeAudit('npm ERR! network timeout')).toMatchObject({ kind: 'unchecked' });
  });
});
