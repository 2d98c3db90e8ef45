/** The release helper's one tool: the phone approves each call of it. */
export const PUBLISH_TOOL = 'publish_release';
