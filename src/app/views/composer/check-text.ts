import { LIMITS } from '../../../wire/limits';
import { utf8Length } from '../../../wire/utf8';
import { t } from '../../i18n';

/**
 * Why this text cannot be sent, or null when it can. The bridge checks the same limit; checking
 * here first keeps a refused send from ever leaving the phone.
 */
export function textProblem(text: string): string | null {
  if (text.trim() === '') return t('composer.empty');
  const bytes = utf8Length(text);
  if (bytes > LIMITS.sendTextBytes) return t('composer.tooLong', { bytes, limit: LIMITS.sendTextBytes });
  return null;
}
