import { Global, Module } from '@nestjs/common';
import { IdentityClient } from './identity.client';

/** The identity service client, shared by the capabilities that ask identity (sign-in, access, admin, maintenance). */
@Global()
@Module({ providers: [IdentityClient], exports: [IdentityClient] })
export class IdentityModule {}
