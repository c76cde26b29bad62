/**
 * Identity verification: an account's application is a draft on the server until the person
 * submits it complete; staff then approve it (the account becomes verified, which raises its
 * withdrawal limit) or reject it with a reason the person reads, corrects and submits again.
 * Every decision is recorded with the staff member and the time. Photos are images uploaded for
 * verification (their metadata stripped at upload), shown through signed URLs to the owner and
 * to staff only.
 */

import type { Selectable, Updateable } from 'kysely';
import { findCountry } from '../../core/countries.ts';
import { type ErrorReport, refusalOf } from '../../core/errors/index.ts';
import {
  firstMissingField,
  KYC_FIELD_LABELS,
  KYC_REASON_MAX,
  kycFieldProblem,
  requiredPhotos,
} from '../../core/kyc.ts';
import type {
  KycApplication,
  KycDecision,
  KycDetails,
  KycPhoto,
  KycPhotoSlot,
  KycQueueItem,
  KycSubmission,
  WithdrawalLimits,
} from '../../core/protocol/index.ts';
import { KYC_STATUS } from '../accounts/profile.ts';
import type { Config } from '../config.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { attachmentUrlKey } from '../support/secrets.ts';
import { signedAttachmentPath } from '../support/signing.ts';
import type { KycApplicationsTable } from './KycTables.ts';
import { forgetReplacedPhoto } from './unusedPhotos.ts';

/** The photo a slot still needs, by the name a person reads. */
const PHOTO_NAMES: Record<KycPhotoSlot, string> = {
  front: 'a photo of the front of your document',
  back: 'a photo of the back of your document',
  selfie: 'a selfie holding your document',
};

type Row = Omit<Selectable<KycApplicationsTable>, 'updated_at'>;

/** The details of a row, as the form's fields. */
function detailsOf(row: Row): KycDetails {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    countryId: row.country_id,
    city: row.city,
    address: row.address,
    dateOfBirth: row.date_of_birth,
    phone: row.phone,
    zipCode: row.zip_code,
    idType: row.id_type,
    idNumber: row.id_number,
  };
}

/** The columns of each form field. */
const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  countryId: 'country_id',
  city: 'city',
  address: 'address',
  dateOfBirth: 'date_of_birth',
  phone: 'phone',
  zipCode: 'zip_code',
  idType: 'id_type',
  idNumber: 'id_number',
} as const satisfies Record<keyof KycDetails, keyof Row>;

async function findRow(db: Queryable, userId: number, lock = false): Promise<Row | undefined> {
  const query = db.selectFrom('kyc_applications').selectAll().where('user_id', '=', userId);
  return (await (lock ? query.forUpdate() : query).executeTakeFirst()) as Row | undefined;
}

/** An empty draft: nothing typed, no country chosen (the list starts at no choice). */
function emptyRow(userId: number): Row {
  return {
    user_id: userId,
    status: 'draft',
    first_name: '',
    last_name: '',
    country_id: 0,
    city: '',
    address: '',
    date_of_birth: '',
    phone: '',
    zip_code: '',
    id_type: '',
    id_number: '',
    current_step: 0,
    front_id: null,
    back_id: null,
    selfie_id: null,
    submitted_at: null,
    reason: null,
  };
}

async function toApplication(db: Database, row: Row, viewer: number): Promise<KycApplication> {
  const key = await attachmentUrlKey(db);
  const photo = (id: number | null): KycPhoto | null =>
    id === null ? null : { id, path: signedAttachmentPath(key, id, viewer) };
  return {
    ...detailsOf(row),
    status: row.status,
    currentStep: row.current_step,
    front: photo(row.front_id),
    back: photo(row.back_id),
    selfie: photo(row.selfie_id),
    submittedAt: row.submitted_at?.toISOString() ?? null,
    reason: row.status === 'rejected' ? row.reason : null,
  };
}

/** What an account may withdraw in 24 hours, by its level. */
export function withdrawalLimits(
  config: Pick<Config, 'support' | 'wallet'>,
  verified: boolean,
): WithdrawalLimits {
  const unverifiedDailyUsd = config.support.verificationAmount;
  const verifiedDailyUsd = config.wallet.verifiedWithdrawalLimitUsd;
  return {
    verified,
    dailyUsd: verified ? verifiedDailyUsd : unverifiedDailyUsd,
    unverifiedDailyUsd,
    verifiedDailyUsd,
  };
}

/** The caller's application (an empty draft when there is none) and withdrawal limits. */
export async function readMine(
  db: Database,
  config: Pick<Config, 'support' | 'wallet'>,
  userId: number,
): Promise<{ application: KycApplication; limits: WithdrawalLimits }> {
  const [row, user] = await Promise.all([
    findRow(db, userId),
    db.selectFrom('users').select('is_verified').where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    application: await toApplication(db, row ?? emptyRow(userId), userId),
    limits: withdrawalLimits(config, user.is_verified),
  };
}

/** Refuses a change while the application waits for review or after approval. */
function refuseUnlessEditable(row: Row | undefined): void {
  if (row?.status === 'pending') throw refusal('kyc.pending');
  if (row?.status === 'approved') throw refusal('kyc.approved');
}

/** Saves the fields given, each checked, and the step reached; nothing is saved on a refusal. */
export async function saveDraft(
  db: Database,
  userId: number,
  patch: Partial<KycDetails> & { currentStep?: number },
  today = new Date(),
): Promise<KycApplication> {
  const values: Omit<Updateable<KycApplicationsTable>, 'user_id'> = {};
  for (const field of Object.keys(COLUMNS) as (keyof KycDetails)[]) {
    const value = patch[field];
    if (value === undefined) continue;
    const clean = typeof value === 'string' ? value.trim() : value;
    // A draft may leave the country unchosen (0); any other id must be a real country.
    if (!(field === 'countryId' && clean === 0)) {
      const problem = kycFieldProblem(field, clean, today);
      if (problem !== null) throw new DomainError(problem);
    }
    Object.assign(values, { [COLUMNS[field]]: clean });
  }
  if (patch.currentStep !== undefined) values.current_step = patch.currentStep;
  await db.transaction().execute(async (trx) => {
    refuseUnlessEditable(await findRow(trx, userId, true));
    await trx
      .insertInto('kyc_applications')
      .values({ ...values, user_id: userId })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
  });
  return toApplication(db, (await findRow(db, userId)) as Row, userId);
}

/** Puts the caller's verification upload `attachmentId` into `slot` of their draft. */
export async function attachPhoto(
  db: Database,
  userId: number,
  slot: KycPhotoSlot,
  attachmentId: number,
): Promise<KycApplication> {
  const attachment = await db
    .selectFrom('support_attachments')
    .select(['id', 'mime'])
    .where('id', '=', attachmentId)
    .where('owner_id', '=', userId)
    .where('purpose', '=', 'kyc')
    .executeTakeFirst();
  if (attachment === undefined || !attachment.mime.startsWith('image/')) {
    throw refusal('kyc.photo');
  }
  const column = `${slot}_id` as const;
  await db.transaction().execute(async (trx) => {
    const row = await findRow(trx, userId, true);
    refuseUnlessEditable(row);
    await trx
      .insertInto('kyc_applications')
      .values({ user_id: userId, [column]: attachmentId })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ [column]: attachmentId, updated_at: new Date() }),
      )
      .execute();
    const replaced = row?.[column] ?? null;
    if (replaced !== null && replaced !== attachmentId) await forgetReplacedPhoto(trx, replaced);
  });
  return toApplication(db, (await findRow(db, userId)) as Row, userId);
}

/** What a complete application still lacks, as the refusal a person reads, or null. */
export function missingPart(row: Row, today = new Date()): ErrorReport | null {
  const details = detailsOf(row);
  const missing = firstMissingField(details);
  if (missing === 'countryId') return refusalOf('kyc.noCountry');
  if (missing === null) return firstInvalidPart(row, details, today);
  return { ...refusalOf('kyc.required', { label: KYC_FIELD_LABELS[missing] }), param: missing };
}

/** The first field rule broken or the first photo still missing from a filled application. */
function firstInvalidPart(row: Row, details: KycDetails, today: Date): ErrorReport | null {
  for (const field of Object.keys(COLUMNS) as (keyof KycDetails)[]) {
    const problem = kycFieldProblem(field, details[field], today);
    if (problem !== null) return problem;
  }
  const photos: Record<KycPhotoSlot, number | null> = {
    front: row.front_id,
    back: row.back_id,
    selfie: row.selfie_id,
  };
  const slot = requiredPhotos(details.idType).find((needed) => photos[needed] === null);
  if (slot === undefined) return null;
  return { ...refusalOf('kyc.missingPhoto', { photo: PHOTO_NAMES[slot] }), param: slot };
}

/** Submits the caller's complete draft; its state becomes pending, as the profile shows. */
export async function submit(
  db: Database,
  userId: number,
  now = new Date(),
): Promise<KycApplication> {
  await db.transaction().execute(async (trx) => {
    const row = await findRow(trx, userId, true);
    refuseUnlessEditable(row);
    const problem = missingPart(row ?? emptyRow(userId), now);
    if (problem !== null) throw new DomainError(problem);
    // A passport has no back: a back left from another document type is not sent for review.
    const back = requiredPhotos(row?.id_type ?? '').includes('back')
      ? (row?.back_id ?? null)
      : null;
    await trx
      .updateTable('kyc_applications')
      .set({ status: 'pending', submitted_at: now, reason: null, back_id: back, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('users')
      .set({ kyc_status: KYC_STATUS.pending })
      .where('id', '=', userId)
      .execute();
  });
  return toApplication(db, (await findRow(db, userId)) as Row, userId);
}

/** The pending applications, oldest submission first. */
export async function readQueue(db: Queryable): Promise<KycQueueItem[]> {
  const rows = await db
    .selectFrom('kyc_applications as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select([
      'k.user_id',
      'u.login',
      'u.email',
      'k.first_name',
      'k.last_name',
      'k.country_id',
      'k.submitted_at',
    ])
    .where('k.status', '=', 'pending')
    .orderBy('k.submitted_at')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    login: row.login,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`,
    country: findCountry(row.country_id)?.name ?? '',
    submittedAt: row.submitted_at?.toISOString() ?? '',
  }));
}

/** One account's application as staff review it, its photo URLs signed for `staffId`. */
export async function readSubmission(
  db: Database,
  userId: number,
  staffId: number,
): Promise<KycSubmission> {
  const row = await findRow(db, userId);
  if (row === undefined) throw refusal('kyc.noApplication');
  const [user, decisions] = await Promise.all([
    db
      .selectFrom('users')
      .select(['login', 'email'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('kyc_decisions as d')
      .innerJoin('users as s', 's.id', 'd.staff_id')
      .select(['d.decision', 'd.reason', 's.login', 'd.created_at'])
      .where('d.user_id', '=', userId)
      .orderBy('d.id', 'desc')
      .execute(),
  ]);
  const application = await toApplication(db, row, staffId);
  return {
    ...application,
    userId,
    login: user.login,
    email: user.email,
    country: findCountry(row.country_id)?.name ?? '',
    decisions: decisions.map(
      (decision): KycDecision => ({
        decision: decision.decision,
        reason: decision.reason,
        staff: decision.login,
        at: decision.created_at.toISOString(),
      }),
    ),
  };
}

/**
 * Records staff's decision on a pending application and applies it: approval verifies the
 * account (its withdrawal limit rises), rejection returns it to its owner with the reason.
 */
export async function decide(
  db: Database,
  staffId: number,
  userId: number,
  decision: 'approved' | 'rejected',
  reason: string | null,
  now = new Date(),
): Promise<KycSubmission> {
  if (staffId === userId) throw refusal('kyc.ownDecision');
  const text = reason?.trim() ?? null;
  if (decision === 'rejected' && (text === null || text === '' || text.length > KYC_REASON_MAX)) {
    throw refusal('kyc.reason', { max: KYC_REASON_MAX });
  }
  await db.transaction().execute(async (trx) => {
    const row = await findRow(trx, userId, true);
    if (row === undefined) throw refusal('kyc.noApplication');
    if (row.status !== 'pending' || row.submitted_at === null) {
      throw refusal('kyc.notPending');
    }
    await trx
      .insertInto('kyc_decisions')
      .values({
        user_id: userId,
        staff_id: staffId,
        decision,
        reason: decision === 'rejected' ? text : null,
        submitted_at: row.submitted_at,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('kyc_applications')
      .set({ status: decision, reason: decision === 'rejected' ? text : null, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
    const approved = decision === 'approved';
    await trx
      .updateTable('users')
      .set({
        kyc_status: approved ? KYC_STATUS.approved : KYC_STATUS.rejected,
        is_verified: approved,
      })
      .where('id', '=', userId)
      .execute();
  });
  return readSubmission(db, userId, staffId);
}
