import { useId } from 'preact/hooks';
import type { LayoutWorkspace } from '../../../wire/bridge-json';
import type { Caps } from '../../../wire/types';
import { t } from '../../i18n';
import type { ActsStore } from '../../stores/acts-store';
import { ManageTarget } from './manage-target';

interface Props {
  acts: ActsStore;
  agentName: string;
  layout: LayoutWorkspace[];
  caps: Caps | null;
}

/** The agent's workspaces and their tabs, each with Rename and Close (for the caps it declares). */
export function WorkspacesSection({ acts, agentName, layout, caps }: Props) {
  const headingId = useId();
  const allowed = { rename: caps?.rename === true, close: caps?.close === true };
  if (!allowed.rename && !allowed.close) return null;
  if (layout.length === 0) return null;
  return (
    <section class="workspaces" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('manage.workspaces')}</h3>
      <ul class="workspace-list">
        {layout.map((workspace) => (
          <li key={workspace.id} class="workspace-row" data-workspace={workspace.id}>
            <span class="manage-name">{workspace.title}</span>
            <ManageTarget
              acts={acts}
              agentName={agentName}
              target="workspace"
              id={workspace.id}
              title={workspace.title}
              caps={allowed}
              label={t('manage.workspace', { title: workspace.title })}
            />
            {workspace.tabs.length > 0 && (
              <ul class="tab-list">
                {workspace.tabs.map((tab) => (
                  <li key={tab.id} class="tab-row" data-tab={tab.id}>
                    <span class="manage-name">{tab.title}</span>
                    <ManageTarget acts={acts} agentName={agentName} target="tab" id={tab.id} title={tab.title} caps={allowed} label={t('manage.tab', { title: tab.title })} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
