/** Who made a change, as the audit names them: a person signed in, the operator token, or a command on the server. */
export const ACTOR_KINDS = ['person', 'token', 'command'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export interface Actor {
  kind: ActorKind;
  /**
   * The account's name; a named token's name, or RVM_ADMIN_TOKEN's fingerprint (tokenFingerprint); the command and the
   * system account that ran it.
   */
  name: string;
  /** The client address the change came from (behind a proxy, as RVM_TRUST_PROXY lets it be known); null for a command. */
  address: string | null;
}
