import { useSignal } from '@preact/signals';
import type { ActReply } from '../../../wire/write-json';
import type { WriteTarget } from '../../../wire/types';
import { controlKey, type ActsStore } from '../../stores/acts-store';
import { ActResult } from '../acts/act-result';
import { CloseControl } from './close-control';
import { RenameControl } from './rename-control';

export type ManagedTarget = WriteTarget;

interface Props {
  acts: ActsStore;
  agentName: string;
  target: ManagedTarget;
  id: string;
  title: string;
  caps: { rename: boolean; close: boolean };
  /** The group's accessible name, so several rows of the same buttons stay apart. */
  label?: string;
  onClosed?(): void;
}

/** Rename and Close for one workspace, tab or conversation, each only for its cap. */
export function ManageTarget({ acts, agentName, target, id, title, caps, label, onClosed }: Props) {
  const editing = useSignal(false);
  if (!caps.rename && !caps.close) return null;
  const renameKey = controlKey({ act: 'rename', agent: agentName, target, id, title });
  const closeKey = controlKey({ act: 'close', agent: agentName, target, id });
  const latest = acts.latestOf([renameKey, closeKey]);
  const busy = (key: string) => acts.statusOf(key).phase === 'sending';

  const settled = (key: string, reply: ActReply | null) => {
    if (reply?.outcome !== 'done') return;
    if (key === renameKey) editing.value = false;
    if (key === closeKey) onClosed?.();
  };
  const rename = async (name: string) => settled(renameKey, await acts.run({ act: 'rename', agent: agentName, target, id, title: name }));
  const close = async () => settled(closeKey, await acts.run({ act: 'close', agent: agentName, target, id }));

  return (
    <div class="manage-target" role="group" aria-label={label}>
      <div class="manage-controls">
        {caps.rename && <RenameControl title={title} editing={editing} busy={busy(renameKey)} onSave={(name) => void rename(name)} />}
        {caps.close && <CloseControl busy={busy(closeKey)} onClose={() => void close()} />}
      </div>
      <ActResult acts={acts} controlKey={latest} onRetried={(reply) => latest && settled(latest, reply)} />
    </div>
  );
}
