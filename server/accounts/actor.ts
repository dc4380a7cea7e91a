import { ACTOR_KINDS, type ActorKind } from '../../shared/contract/auditEntry';

/** Who made a change, as the audit names them (the contract's): a person signed in, the operator token, a command. */
export { ACTOR_KINDS, type ActorKind };

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
