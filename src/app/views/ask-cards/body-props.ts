import type { PhoneAsk } from '../../../wire/bridge-json';
import type { CardProps } from './card-props';

/** The ask narrowed to one kind, so each body reads only the fields its kind has. */
export type AskOfKind<K extends PhoneAsk['kind']> = Extract<PhoneAsk, { kind: K }>;

/** What the frame hands every kind's body. */
export interface BodyProps<K extends PhoneAsk['kind']> {
  ask: AskOfKind<K>;
  /** True while an answer is on its way: a second tap must not send a second request. */
  disabled: boolean;
  onAnswer: CardProps['onAnswer'];
  /** Where a half-typed answer to this ask is kept as a draft (text and form cards). */
  draftKey: string;
}
