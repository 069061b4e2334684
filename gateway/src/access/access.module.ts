import { Global, Module } from '@nestjs/common';
import { CallerService } from './caller.service';

/** Who is asking: the caller of each request, for the access and maintenance guards and the admin routes. */
@Global()
@Module({ providers: [CallerService], exports: [CallerService] })
export class AccessModule {}
