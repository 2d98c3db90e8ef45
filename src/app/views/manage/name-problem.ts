import { titleProblem } from '../../../wire/text-rules';
import { t } from '../../i18n';

/** Why this name cannot be saved, or null: the wire's title rule, which the bridge applies too. */
export function nameProblem(name: string): string | null {
  const found = titleProblem(name);
  if (!found) return null;
  return found.problem === 'empty' ? t('manage.nameEmpty') : t('manage.nameTooLong', { bytes: found.bytes, limit: found.limit });
}
