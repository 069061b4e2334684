import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type Caller,
  ErrorCode,
  Permission,
  UPLOAD_RULES,
  type UploadCreatedEvent,
  type UploadDeletedEvent,
  UploadEvents,
  type UploadPage,
  type UploadTotals,
  type UploadUrlReply,
  type UploadView,
  type Usage,
  can,
} from '@originality/contracts';
import { DomainError, ObjectStorage, Outbox } from '@originality/platform';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { Entitlements } from '../quota/entitlements';
import { LIMIT_EXCEEDED_MESSAGE, MonthlyQuota } from '../quota/monthly-quota';
import { MIME_OF_KIND, SIGNATURE_BYTES, detectAudioKind } from './audio-signature';
import { sanitiseFilename } from './filename';
import { decodeCursor, encodeCursor } from './history-cursor';
import { isOwnObjectPath, newObjectPath } from './object-path';
import * as msg from './upload-messages';
import type { CreateUploadDto, HistoryPageDto, UploadUrlDto } from './upload.dto';
import { Upload } from './upload.entity';
import { toUploadView } from './upload-view';

/** Titles listed with the profile's upload total. */
const MAX_TITLES = 500;

@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly quota: MonthlyQuota,
    private readonly entitlements: Entitlements,
  ) {}

  /** A presigned PUT for the caller's next upload, unless the month's analyses are used up. */
  async requestUploadUrl(caller: Caller, hints: UploadUrlDto): Promise<UploadUrlReply> {
    if (hints.mimeType !== undefined && !isAcceptedMime(hints.mimeType))
      throw DomainError.validation(msg.invalidFileType(hints.mimeType));
    if (hints.fileSize !== undefined && hints.fileSize > UPLOAD_RULES.maxBytes)
      throw DomainError.validation(msg.fileTooLarge());
    const usage = await this.usage(caller);
    if (usage.current >= usage.max) throw DomainError.limitExceeded(LIMIT_EXCEEDED_MESSAGE, usage);
    const objectPath = newObjectPath(caller.userId);
    const uploadURL = await this.storage.presignPut(
      objectPath,
      hints.mimeType,
      UPLOAD_RULES.presignSeconds,
      hints.fileSize,
    );
    return { uploadURL, objectPath };
  }

  /** The newest uploads of all users, for admins who may view upload activity. */
  async recent(caller: Caller): Promise<UploadView[]> {
    if (!can(caller, Permission.VIEW_UPLOAD_ACTIVITY)) throw DomainError.forbidden('You may not view uploads.');
    const uploads = await this.dataSource
      .getRepository(Upload)
      .find({ order: { createdAt: 'DESC', id: 'DESC' }, take: UPLOAD_RULES.recentLimit });
    return uploads.map((upload) => ({ ...toUploadView(upload), userEmail: upload.userEmail }));
  }

  /**
   * Registers an uploaded object after checking it for real: the caller's own key, present in
   * storage, 1 byte to 50 MB by the store's measure, audio by its first bytes, and within the
   * month's quota. A refused object of the caller's is deleted.
   */
  async create(caller: Caller, request: CreateUploadDto): Promise<UploadView> {
    if (!isOwnObjectPath(request.objectPath, caller.userId)) throw DomainError.forbidden(msg.NOT_YOUR_FILE);
    const repo = this.dataSource.getRepository(Upload);
    if (await repo.existsBy({ objectPath: request.objectPath })) throw DomainError.conflict(msg.ALREADY_REGISTERED);
    const originalFilename = sanitiseFilename(request.originalFilename);
    const checked = await this.checkObject(request.objectPath, request.mimeType, originalFilename).catch(
      (err: unknown) => {
        if (err instanceof DomainError) return this.refuse(request.objectPath, err);
        // The store failing is no verdict on the file: keep it, so the same create can be retried.
        this.logger.error(`Object storage failed while checking ${request.objectPath}: ${(err as Error).message}`);
        throw DomainError.unavailable('File storage is not answering. Please try again shortly.');
      },
    );
    const limit = await this.entitlements.monthlyLimit(caller);
    const upload = await this.dataSource
      .transaction(async (manager) => {
        await this.quota.take(manager, caller.userId, limit);
        const created = await manager.save(
          repo.create({
            id: randomUUID(),
            userId: caller.userId,
            userEmail: caller.email,
            filename: sanitiseFilename(request.filename),
            originalFilename,
            fileSize: checked.size,
            mimeType: checked.type,
            objectPath: request.objectPath,
            duration: request.duration ?? null,
            analysisId: randomUUID(),
            analysisStatus: 'pending',
            createdAt: new Date(),
          }),
        );
        await this.announceAnalysis(manager, UploadEvents.created, created);
        return created;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw DomainError.conflict(msg.ALREADY_REGISTERED);
        if (err instanceof DomainError && err.code === ErrorCode.LIMIT_EXCEEDED)
          return this.refuse(request.objectPath, err);
        throw err;
      });
    return toUploadView(upload);
  }

  /** The caller's uploads, newest first, a page at a time. */
  async list(caller: Caller, page: HistoryPageDto): Promise<UploadPage> {
    const limit = page.limit ?? UPLOAD_RULES.historyPageSize;
    const repo = this.dataSource.getRepository(Upload);
    const query = repo
      .createQueryBuilder('u')
      .where('u.user_id = :userId', { userId: caller.userId })
      .orderBy('u.created_at', 'DESC')
      .addOrderBy('u.id', 'DESC')
      .take(limit + 1);
    if (page.cursor) {
      const after = decodeCursor(page.cursor);
      query.andWhere('(u.created_at, u.id) < (:createdAt, :id)', { createdAt: after.createdAt, id: after.id });
    }
    const [rows, total] = await Promise.all([query.getMany(), repo.countBy({ userId: caller.userId })]);
    const uploads = rows.slice(0, limit);
    const last = uploads.at(-1);
    return {
      uploads: uploads.map(toUploadView),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      total,
    };
  }

  async get(caller: Caller, id: string): Promise<UploadView> {
    return toUploadView(await this.findOwn(this.dataSource.manager, caller, id));
  }

  /** Starts a new analysis of a completed upload; it does not count against the quota. */
  async reanalyze(caller: Caller, id: string): Promise<UploadView> {
    const upload = await this.dataSource.transaction(async (manager) => {
      const current = await this.findOwn(manager, caller, id, true);
      if (current.analysisStatus !== 'completed') throw DomainError.conflict(msg.ONLY_COMPLETED_REANALYSIS);
      Object.assign(current, {
        analysisId: randomUUID(),
        analysisStatus: 'pending',
        originalityScore: null,
        matchCount: null,
        failureReason: null,
      });
      const saved = await manager.save(current);
      await this.announceAnalysis(manager, UploadEvents.reanalysisRequested, saved);
      return saved;
    });
    return toUploadView(upload);
  }

  /** Deletes the record (the analysis service drops its results on `upload.deleted`), then the object. */
  async remove(caller: Caller, id: string): Promise<void> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const upload = await this.findOwn(manager, caller, id, true, can(caller, Permission.DELETE_UPLOADS));
      await manager.delete(Upload, { id: upload.id });
      await Outbox.add<UploadDeletedEvent>(manager, UploadEvents.deleted, {
        uploadId: upload.id,
        userId: upload.userId,
        objectPath: upload.objectPath,
        deletedBy: caller.userId,
      });
      return upload;
    });
    await this.storage
      .delete(removed.objectPath)
      .catch((err: Error) =>
        this.logger.warn(`Object ${removed.objectPath} of a deleted upload stays: ${err.message}`),
      );
  }

  async usage(caller: Caller): Promise<Usage> {
    const [current, max] = await Promise.all([this.quota.used(caller.userId), this.entitlements.monthlyLimit(caller)]);
    return { current, max };
  }

  /** For the profile: how many songs the caller has uploaded, and their titles (newest first). */
  async totals(caller: Caller): Promise<UploadTotals> {
    const repo = this.dataSource.getRepository(Upload);
    const [titles, totalUploadsCount] = await Promise.all([
      repo.find({
        select: { originalFilename: true },
        where: { userId: caller.userId },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: MAX_TITLES,
      }),
      repo.countBy({ userId: caller.userId }),
    ]);
    return { totalUploadsCount, uploadedSongTitles: titles.map((t) => t.originalFilename) };
  }

  /** Size and real type of the stored object, or a refusal with the spec's message. */
  private async checkObject(
    objectPath: string,
    claimedMime: string,
    file: string,
  ): Promise<{ size: number; type: string }> {
    const stored = await this.storage.head(objectPath);
    if (!stored) throw DomainError.validation(msg.NOT_UPLOADED);
    if (stored.size === 0) throw DomainError.validation(msg.emptyFile(file));
    if (stored.size > UPLOAD_RULES.maxBytes) throw DomainError.validation(msg.fileTooLarge(file));
    if (!isAcceptedMime(claimedMime)) throw DomainError.validation(msg.invalidFileType(file));
    const kind = detectAudioKind(await this.storage.readFirstBytes(objectPath, SIGNATURE_BYTES));
    if (!kind) throw DomainError.validation(msg.invalidFileType(file));
    return { size: stored.size, type: MIME_OF_KIND[kind] };
  }

  /** Deletes the refused object of the caller's, then rethrows the refusal. */
  private async refuse(objectPath: string, err: unknown): Promise<never> {
    await this.storage
      .delete(objectPath)
      .catch((e: Error) => this.logger.warn(`Refused object ${objectPath} could not be deleted: ${e.message}`));
    throw err;
  }

  private async findOwn(
    manager: EntityManager,
    caller: Caller,
    id: string,
    lock = false,
    anyOwner = false,
  ): Promise<Upload> {
    const upload = await manager.findOne(Upload, {
      where: anyOwner ? { id } : { id, userId: caller.userId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    // Someone else's upload is "not found" too: its existence is not the caller's business.
    if (!upload) throw DomainError.notFound(msg.UPLOAD_NOT_FOUND);
    return upload;
  }

  private async announceAnalysis(manager: EntityManager, type: string, upload: Upload): Promise<void> {
    await Outbox.add<UploadCreatedEvent>(manager, type, {
      uploadId: upload.id,
      analysisId: upload.analysisId,
      userId: upload.userId,
      userEmail: upload.userEmail,
      objectPath: upload.objectPath,
      originalFilename: upload.originalFilename,
      mimeType: upload.mimeType,
      fileSize: upload.fileSize,
      createdAt: upload.createdAt.toISOString(),
    });
  }
}

const isAcceptedMime = (mime: string) => (UPLOAD_RULES.mimeTypes as readonly string[]).includes(mime);
/** Two creates of one object at once: the unique index on object_path lets one through. */
const isUniqueViolation = (err: unknown) =>
  err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505';
