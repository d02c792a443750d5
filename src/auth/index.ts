export type { AccessPlan, WithheldOperation, WithheldReason } from './access-plan.js';
export type { ConnectAuth, ConnectOptions } from './connect.js';
export { connect } from './connect.js';
export type { TokenExpiry } from './control-plane-calls.js';
export { handlesCredentials } from './credential-operations.js';
export type { ChoiceContext, OperationChoice } from './operation-choice.js';
export {
  checkOperationChoice,
  chooseOperations,
  inDefaultChoice,
  isControlPlane,
} from './operation-choice.js';
export type { ClaimHandler, ClaimRequest, RegisterOptions, RegistrationStep } from './registration.js';
export { RegistrationError } from './registration.js';
export type { SessionScopes } from './session.js';
export { OperationNotOfferedError, operationsNamedAt, Session } from './session.js';
export type { StoredToken, TokenStore } from './token-store.js';
export { accountsIn, FileTokenStore, isUsable, MemoryTokenStore, tokenStoreKey } from './token-store.js';
export type { ChoiceSelector } from './unknown-choice-error.js';
export { UnknownChoiceError } from './unknown-choice-error.js';
