import { sendTextProblem } from '../../../wire/text-rules';
import { t } from '../../i18n';

/**
 * Why this text cannot be sent, or null when it can. The bridge checks by the same wire rule;
 * checking here first keeps a refused send from ever leaving the phone.
 */
export function textProblem(text: string): string | null {
  const found = sendTextProblem(text);
  if (!found) return null;
  return found.problem === 'empty' ? t('composer.empty') : t('composer.tooLong', { bytes: found.bytes, limit: found.limit });
}
