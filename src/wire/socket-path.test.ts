import { describe, expect, it } from 'vitest';
import { socketPathProblem } from './socket-path';

describe('socketPathProblem', () => {
  it('takes a plain absolute path of at most 103 bytes', () => {
    expect(socketPathProblem('/run/user/1000/desk/app.sock')).toBeNull();
    expect(socketPathProblem(`/${'x'.repeat(102)}`)).toBeNull();
  });

  it('refuses relative, long, doubled, dotted and trailing-slash paths', () => {
    for (const path of ['run/app.sock', `/${'x'.repeat(103)}`, '/tmp/pw//sock/a.sock', '/tmp/./a.sock', '/tmp/../a.sock', '/tmp/a/', '/']) {
      expect(socketPathProblem(path), path).not.toBeNull();
    }
  });
});
