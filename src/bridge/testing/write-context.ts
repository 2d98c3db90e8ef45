/** Test helper: the bridge-wide parts every write needs, with the audit log in a folder of the test's. */
import type { WriteContext } from '../acts/act-runner';
import { AuditLog } from '../acts/audit-log';
import { ConversationLocks } from '../acts/conversation-lock';

export function testWriteContext(stateDir: string, maskContent = false): WriteContext {
  return { locks: new ConversationLocks(), audit: new AuditLog(stateDir, maskContent, () => {}), device: { id: 'test-phone', name: 'Test phone' } };
}
