import { Injectable } from '@nestjs/common';
import {
  type AdminUserEntry,
  type Caller,
  type GetUserRequest,
  IdentitySubjects,
  type IdentityUserReply,
  type ListUsersRequest,
  type MaintenanceStatus,
  type ProfileUpdate,
  type PromoteUserReply,
  type PromoteUserRequest,
  type SetMaintenanceRequest,
  type SignInClaims,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';

/** The identity service behind one class: each method is one request/reply subject. */
@Injectable()
export class IdentityClient {
  constructor(private readonly rpc: RpcClient) {}

  /** Creates or refreshes the user from the provider's claims (no caller: nobody is signed in yet). */
  signIn(claims: SignInClaims): Promise<IdentityUserReply> {
    return this.rpc.request<SignInClaims, IdentityUserReply>(IdentitySubjects.signIn, claims, { caller: null });
  }

  getUser(caller: Caller, userId: string): Promise<IdentityUserReply> {
    return this.rpc.request<GetUserRequest, IdentityUserReply>(IdentitySubjects.getUser, { userId }, { caller });
  }

  updateProfile(caller: Caller, update: ProfileUpdate): Promise<IdentityUserReply> {
    return this.rpc.request<ProfileUpdate, IdentityUserReply>(IdentitySubjects.updateProfile, update, { caller });
  }

  listUsers(caller: Caller): Promise<AdminUserEntry[]> {
    return this.rpc.request<ListUsersRequest, AdminUserEntry[]>(IdentitySubjects.listUsers, {}, { caller });
  }

  promoteUser(caller: Caller, request: PromoteUserRequest): Promise<PromoteUserReply> {
    return this.rpc.request<PromoteUserRequest, PromoteUserReply>(IdentitySubjects.promoteUser, request, { caller });
  }

  getMaintenance(caller: Caller | null): Promise<MaintenanceStatus> {
    return this.rpc.request<Record<string, never>, MaintenanceStatus>(IdentitySubjects.getMaintenance, {}, { caller });
  }

  setMaintenance(caller: Caller, enabled: boolean): Promise<MaintenanceStatus> {
    return this.rpc.request<SetMaintenanceRequest, MaintenanceStatus>(
      IdentitySubjects.setMaintenance,
      { enabled },
      { caller },
    );
  }
}
