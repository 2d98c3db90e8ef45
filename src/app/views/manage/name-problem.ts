import { LIMITS } from '../../../wire/limits';
import { utf8Length } from '../../../wire/utf8';
import { t } from '../../i18n';

/** Why this name cannot be saved, or null. The same limit as the bridge's, checked before sending. */
export function nameProblem(name: string): string | null {
  if (name.trim() === '') return t('manage.nameEmpty');
  const bytes = utf8Length(name.trim());
  if (bytes > LIMITS.titleBytes) return t('manage.nameTooLong', { bytes, limit: LIMITS.titleBytes });
  return null;
}
