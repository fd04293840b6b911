import { describe, expect, it } from 'vitest';

const { isSupported, neededLine, installCommand } = require('../scripts/node.cjs') as {
  isSupported: (version: string) => boolean;
  neededLine: (version: string) => string;
  installCommand: string;
};

describe('the Node.js a command of the repository runs on (scripts/node.cjs)', () => {
  it('takes 22.12 and newer, and refuses 20 and 22 before 22.12', () => {
    expect(['22.12.0', '22.20.1', '23.0.0', '24.21.0', '26.1.0'].map(isSupported)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['20.20.2', '22.11.0', '18.19.1', '0.0.0'].map(isSupported)).toEqual([false, false, false, false]);
  });

  it('says in one line which Node is needed and the command that gets it', () => {
    const line = neededLine('20.20.2');
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain('22.12 or newer');
    expect(line).toContain('Node 20.20.2');
    expect(line).toContain(installCommand);
    expect(installCommand).toMatch(/^npm install --prefix \.tools\/node24 .*node@24$/);
  });
});
