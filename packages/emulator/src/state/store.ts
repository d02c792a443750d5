import { createHash, randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto';
import type { ControlPlaneScope } from '../catalogue/types.js';
import type { EmulatorClock } from '../clock.js';
import { UsageError } from '../errors/index.js';
import { type Micros, toMicros } from '../money.js';
import { Mailbox } from './mailbox.js';
import type {
  Account,
  ApiKeyRecord,
  GrantedScopes,
  TokenExpiry,
  TokenRecord,
  Transaction,
  UsageRecord,
} from './records.js';

const DAY_SECONDS = 86_400;

/** Service-time lifetime of each token expiry, in seconds; `never` has none. */
export const TOKEN_LIFETIME_SECONDS: Record<TokenExpiry, number | null> = {
  '1_week': 7 * DAY_SECONDS,
  '1_month': 30 * DAY_SECONDS,
  '3_months': 90 * DAY_SECONDS,
  never: null,
};

/** Service-time lifetime of an e-mailed verification code or reset token, in seconds. */
export const CODE_LIFETIME_SECONDS = 15 * 60;
/** Wrong guesses a verification code survives. */
export const CODE_ATTEMPTS = 5;

export class InsufficientFundsError extends Error {
  constructor(readonly balance: Micros) {
    super('insufficient funds');
  }
}

export interface PendingCode {
  readonly accountId: string;
  readonly expiresAt: number;
  attempts: number;
}

export type TokenCheck =
  | { readonly ok: true; readonly token: TokenRecord; readonly user: Account; readonly context: Account }
  | { readonly ok: false; readonly reason: 'unknown' | 'revoked' | 'expired' };

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function secret(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(password, salt, 32, { N: 1024 }).toString('hex')}`;
}

function passwordMatches(password: string, stored: string): boolean {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const actual = scryptSync(password, Buffer.from(saltHex, 'hex'), 32, { N: 1024 });
  return timingSafeEqual(actual, Buffer.from(hashHex, 'hex'));
}

/**
 * Everything the emulated service remembers. Secrets (tokens, keys, passwords) are kept only as
 * hashes, as a real service would; the helpers here are the only way records are created.
 */
export class EmulatorState {
  readonly accounts = new Map<string, Account>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly apiKeys = new Map<string, ApiKeyRecord>();
  readonly verificationCodes = new Map<string, PendingCode>();
  readonly resetTokens = new Map<string, PendingCode>();
  readonly mailbox: Mailbox;
  readonly #byEmail = new Map<string, string>();
  readonly #tokensByHash = new Map<string, string>();
  readonly #keysByHash = new Map<string, string>();
  #sequence = 0;

  constructor(
    readonly clock: EmulatorClock,
    /** Converts seconds of service time to milliseconds of the clock (timeScale). */
    readonly serviceMs: (seconds: number) => number,
    readonly initialCredits: number,
  ) {
    this.mailbox = new Mailbox(clock);
  }

  /** A readable unique id with a prefix, e.g. `usr_000012`. */
  nextId(prefix: string): string {
    this.#sequence += 1;
    return `${prefix}_${this.#sequence.toString(36).padStart(6, '0')}`;
  }

  createAccount(input: { email: string; password: string; name: string; verified?: boolean }): Account {
    const email = input.email.trim().toLowerCase();
    if (this.#byEmail.has(email)) throw new UsageError(`account ${email} exists`);
    const id = this.nextId('usr');
    const account = this.#newAccount(id, 'user', email, input.name, hashPassword(input.password));
    account.verified = input.verified ?? false;
    this.#byEmail.set(email, id);
    this.credit(account, toMicros(this.initialCredits), 'Welcome credits', 'signup');
    return account;
  }

  createTeam(owner: Account, name: string): Account {
    const team = this.#newAccount(this.nextId('team'), 'team', owner.email, name, null);
    team.verified = true;
    team.members.push({
      id: this.nextId('mem'),
      accountId: owner.id,
      email: owner.email,
      role: 'owner',
      status: 'active',
      inviteId: this.nextId('inv'),
    });
    return team;
  }

  #newAccount(
    id: string,
    kind: Account['kind'],
    email: string,
    name: string,
    passwordHash: string | null,
  ): Account {
    const account: Account = {
      id,
      kind,
      email,
      name,
      username: `${
        email
          .split('@')[0]
          ?.replace(/[^a-z0-9_]/g, '_')
          .slice(0, 20) ?? 'user'
      }_${id.slice(-4)}`,
      passwordHash,
      verified: false,
      createdAt: this.clock.now(),
      preferences: { marketing_emails: false, theme: 'system' },
      socials: {},
      balance: 0 as Micros,
      autoFunding: { enabled: false, threshold: null, amount: null, paymentMethodId: null },
      transactions: [],
      usage: [],
      billingInfo: { name: null, email, address: null, taxId: null },
      paymentMethods: [],
      defaultPaymentMethodId: null,
      invoices: [],
      subscriptions: [],
      payments: [],
      members: [],
    };
    this.accounts.set(id, account);
    return account;
  }

  findAccountByEmail(email: string): Account | undefined {
    const id = this.#byEmail.get(email.trim().toLowerCase());
    return id ? this.accounts.get(id) : undefined;
  }

  checkPassword(account: Account, password: string): boolean {
    return account.passwordHash !== null && passwordMatches(password, account.passwordHash);
  }

  setPassword(account: Account, password: string): void {
    account.passwordHash = hashPassword(password);
  }

  /** Issues an e-mailable code (6 digits) that claims `account`; earlier codes stop working. */
  issueVerificationCode(account: Account): string {
    for (const [code, pending] of this.verificationCodes) {
      if (pending.accountId === account.id) this.verificationCodes.delete(code);
    }
    let code: string;
    do code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    while (this.verificationCodes.has(code));
    this.verificationCodes.set(code, {
      accountId: account.id,
      expiresAt: this.clock.now() + this.serviceMs(CODE_LIFETIME_SECONDS),
      attempts: 0,
    });
    return code;
  }

  issueResetToken(account: Account): string {
    const token = secret('rst_');
    this.resetTokens.set(sha256(token), {
      accountId: account.id,
      expiresAt: this.clock.now() + this.serviceMs(CODE_LIFETIME_SECONDS),
      attempts: 0,
    });
    return token;
  }

  issueToken(input: {
    user: Account;
    context?: Account;
    scopes: GrantedScopes;
    expiry: TokenExpiry;
    deviceName?: string;
    /** Latest expiry allowed (a token derived from another never outlives it); null or absent: no cap. */
    notAfter?: number | null;
  }): { secret: string; token: TokenRecord } {
    const value = secret('gat_');
    const lifetime = TOKEN_LIFETIME_SECONDS[input.expiry];
    const now = this.clock.now();
    const expiresAt = lifetime === null ? null : now + this.serviceMs(lifetime);
    const cap = input.notAfter ?? null;
    const token: TokenRecord = {
      id: this.nextId('tok'),
      secretHash: sha256(value),
      userId: input.user.id,
      contextAccountId: (input.context ?? input.user).id,
      scopes: input.scopes,
      expiry: input.expiry,
      expiresAt: cap === null ? expiresAt : expiresAt === null ? cap : Math.min(expiresAt, cap),
      deviceName: input.deviceName ?? 'agent',
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    };
    this.tokens.set(token.id, token);
    this.#tokensByHash.set(token.secretHash, token.id);
    return { secret: value, token };
  }

  checkToken(value: string): TokenCheck {
    const id = this.#tokensByHash.get(sha256(value));
    const token = id ? this.tokens.get(id) : undefined;
    if (!token) return { ok: false, reason: 'unknown' };
    if (token.revokedAt !== null) return { ok: false, reason: 'revoked' };
    if (token.expiresAt !== null && token.expiresAt <= this.clock.now())
      return { ok: false, reason: 'expired' };
    const user = this.accounts.get(token.userId);
    const context = this.accounts.get(token.contextAccountId);
    if (!user || !context) return { ok: false, reason: 'unknown' };
    token.lastUsedAt = this.clock.now();
    return { ok: true, token, user, context };
  }

  revokeToken(token: TokenRecord): void {
    token.revokedAt ??= this.clock.now();
  }

  /** Live tokens of a user (not revoked, not expired). */
  liveTokens(userId: string): TokenRecord[] {
    const now = this.clock.now();
    return [...this.tokens.values()].filter(
      (token) =>
        token.userId === userId &&
        token.revokedAt === null &&
        (token.expiresAt === null || token.expiresAt > now),
    );
  }

  createApiKey(account: Account, name: string): { secret: string; key: ApiKeyRecord } {
    const value = secret('gk_');
    const key: ApiKeyRecord = {
      id: this.nextId('key'),
      secretHash: sha256(value),
      prefix: value.slice(0, 8),
      accountId: account.id,
      name,
      createdAt: this.clock.now(),
      lastUsedAt: null,
      deletedAt: null,
    };
    this.apiKeys.set(key.id, key);
    this.#keysByHash.set(key.secretHash, key.id);
    return { secret: value, key };
  }

  /** The live key with this secret and its account, or undefined. */
  findApiKey(value: string): { key: ApiKeyRecord; account: Account } | undefined {
    const id = this.#keysByHash.get(sha256(value));
    const key = id ? this.apiKeys.get(id) : undefined;
    if (!key || key.deletedAt !== null) return undefined;
    const account = this.accounts.get(key.accountId);
    if (!account) return undefined;
    key.lastUsedAt = this.clock.now();
    return { key, account };
  }

  credit(account: Account, amount: Micros, description: string, reference: string): Transaction {
    account.balance = (account.balance + amount) as Micros;
    return this.#record(account, 'credit', amount, description, reference);
  }

  /** Takes `amount` from the balance, or throws {@link InsufficientFundsError} and takes nothing. */
  debit(account: Account, amount: Micros, description: string, reference: string): Transaction {
    if (account.balance < amount) throw new InsufficientFundsError(account.balance);
    account.balance = (account.balance - amount) as Micros;
    return this.#record(account, 'debit', amount, description, reference);
  }

  #record(
    account: Account,
    type: Transaction['type'],
    amount: Micros,
    description: string,
    reference: string,
  ): Transaction {
    const transaction: Transaction = {
      id: this.nextId('txn'),
      type,
      amount,
      balanceAfter: account.balance,
      description,
      reference,
      createdAt: this.clock.now(),
    };
    account.transactions.push(transaction);
    return transaction;
  }

  recordUsage(account: Account, usage: Omit<UsageRecord, 'id' | 'createdAt'>): UsageRecord {
    const record: UsageRecord = { ...usage, id: this.nextId('req'), createdAt: this.clock.now() };
    account.usage.push(record);
    return record;
  }

  /** Whether a token's scopes include `scope` (`*` includes everything). */
  static grants(scopes: GrantedScopes, scope: ControlPlaneScope): boolean {
    return scopes === '*' || scopes.includes(scope);
  }
}
