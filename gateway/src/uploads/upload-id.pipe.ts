import { Injectable, type PipeTransform } from '@nestjs/common';
import { DomainError } from '@originality/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An `{id}` that cannot be an upload is simply not found (404), as another user's is. */
@Injectable()
export class UploadIdPipe implements PipeTransform<string, string> {
  transform(id: string): string {
    if (!UUID.test(id)) throw DomainError.notFound('Upload not found.');
    return id.toLowerCase();
  }
}
