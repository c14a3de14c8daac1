import { Account } from '../accounts/account.entity.js';
import { Session } from '../auth/session.entity.js';
import { LedgerEntry } from '../ledger/ledger-entry.entity.js';
import { Token } from '../tokens/token.entity.js';
import { Group } from '../catalog/group.entity.js';

/** Every entity the ORM knows; add new ones here (explicit beats folder scanning under swc). */
export const ENTITIES = [Account, Session, LedgerEntry, Token, Group];
