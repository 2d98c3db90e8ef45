/** Test helper: a throwaway certificate authority and a localhost certificate it signed. */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface TestTls {
  /** The CA's certificate: what a client trusts. */
  ca: Buffer;
  /** The server's key and certificate, signed by the CA, for 127.0.0.1 and localhost. */
  key: Buffer;
  cert: Buffer;
}

export async function makeTestCa(dir: string): Promise<TestTls> {
  const at = (name: string) => join(dir, name);
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  run(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=Collie test CA', '-days', '1', '-keyout', at('ca.key'), '-out', at('ca.pem')]);
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', at('server.key'), '-out', at('server.csr')]);
  await writeFile(at('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run(['x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-days', '1', '-extfile', at('san.ext'), '-out', at('server.pem')]);
  const [ca, key, cert] = await Promise.all([readFile(at('ca.pem')), readFile(at('server.key')), readFile(at('server.pem'))]);
  return { ca, key, cert };
}
