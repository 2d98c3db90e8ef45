/**
 * Whether an agent has anything to manage from the phone: a workspace, and the rename or close
 * cap. A file of its own so the list can ask without loading the Manage screen (loaded on first use).
 */
export function hasManage(caps: { rename?: boolean; close?: boolean } | null | undefined, workspaces: number): boolean {
  return workspaces > 0 && (caps?.rename === true || caps?.close === true);
}
