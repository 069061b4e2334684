import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  type AdminUserEntry,
  type Caller,
  type IdentityUserReply,
  IdentitySubjects,
  type MaintenanceStatus,
  type PromoteUserReply,
} from '@originality/contracts';
import { EnvelopeCaller, EnvelopeData } from '@originality/platform';
import { EmptyDto, GetUserDto, ProfileUpdateDto, PromoteUserDto, SetMaintenanceDto, SignInDto } from './identity.dto';
import { MaintenanceService } from './maintenance/maintenance.service';
import { UsersService } from './users/users.service';

/** NATS edge of identity: validate the envelope, call one service method. */
@Controller()
export class IdentityHandlers {
  constructor(
    private readonly users: UsersService,
    private readonly maintenance: MaintenanceService,
  ) {}

  @MessagePattern(IdentitySubjects.signIn)
  signIn(@EnvelopeData(SignInDto) claims: SignInDto): Promise<IdentityUserReply> {
    return this.users.signIn(claims);
  }

  @MessagePattern(IdentitySubjects.getUser)
  getUser(
    @EnvelopeData(GetUserDto) data: GetUserDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<IdentityUserReply> {
    return this.users.getUser(caller, data.userId);
  }

  @MessagePattern(IdentitySubjects.updateProfile)
  updateProfile(
    @EnvelopeData(ProfileUpdateDto) update: ProfileUpdateDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<IdentityUserReply> {
    return this.users.updateProfile(caller, update);
  }

  @MessagePattern(IdentitySubjects.listUsers)
  listUsers(@EnvelopeData(EmptyDto) _: EmptyDto, @EnvelopeCaller() caller: Caller | null): Promise<AdminUserEntry[]> {
    return this.users.listUsers(caller);
  }

  @MessagePattern(IdentitySubjects.promoteUser)
  promoteUser(
    @EnvelopeData(PromoteUserDto) data: PromoteUserDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<PromoteUserReply> {
    return this.users.promote(caller, data.userId, data.role);
  }

  @MessagePattern(IdentitySubjects.getMaintenance)
  getMaintenance(): Promise<MaintenanceStatus> {
    return this.maintenance.status();
  }

  @MessagePattern(IdentitySubjects.setMaintenance)
  setMaintenance(
    @EnvelopeData(SetMaintenanceDto) data: SetMaintenanceDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<MaintenanceStatus> {
    return this.maintenance.set(caller, data.enabled);
  }
}
