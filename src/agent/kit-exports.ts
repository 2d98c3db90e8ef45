/*
 * What every host's entry of the kit exports alike (Node's `kit.ts`, Workers' `cloudflare/index.ts`):
 * the pane / turn / ask API and the wire's types an agent's code names.
 */
export { AskClosedError, type ItemSpec, type PaneHandle, type TurnHandle } from './handles';
export type { AnswerFor, AskSpec, ChoiceAskSpec, FormAskSpec, FormFieldSpec, PermissionAskSpec, TextAskSpec } from './ask-spec';
export type { Handlers, StarterRun, Target } from './routes-write';
export type { ConversationSummary, KitApi, TabHandle, WorkspaceHandle } from './kit-api';
export type { SendContext, SendHandler } from './turns';
/** For builders who validate with the package's JSON Schemas: `addWireKeywords(new Ajv2020())` (package README). */
export { addWireKeywords, type SchemaKeyword } from '../wire/schema-keywords';
export type {
  Answer,
  BeltButton,
  Caps,
  CapName,
  DecidedBy,
  FormAnswer,
  FormFieldType,
  Item,
  ItemKind,
  Option,
  OptionAnswer,
  PermissionEffect,
  PermissionOption,
  Starter,
  TextAnswer,
  ToolStatus,
} from '../wire/types';
