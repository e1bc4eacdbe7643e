import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { IpRateLimit } from '../../platform/http/rate-limit/rate-limit.decorator.js';
import { AdminSessionRoute, CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { StaffRefreshTokenBody } from './dto/refresh-token.body.js';
import { StaffLoginBody } from './dto/staff-login.body.js';
import { AcceptStaffInvitationBody } from './dto/accept-invitation.body.js';
import { StaffInvitationsService } from './staff-invitations.service.js';
import { type StaffSession, StaffSessionsService } from './staff-sessions.service.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';

/** Staff sessions. Any key of the store (publishable or secret) names the store. */
@ApiTags('Admin: staff sessions')
@ApiSecurity('publishable-key')
@ApiSecurity('secret-key')
@Idempotent()
@Controller('api/v3/admin/auth')
export class AdminAuthController {
  constructor(
    private readonly sessions: StaffSessionsService,
    private readonly invitations: StaffInvitationsService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @AdminSessionRoute()
  @IpRateLimit('login')
  @ApiOperation({
    summary: 'Sign a staff user in: an access token (5 min) and a refresh token (30 days)',
  })
  login(@CurrentStore() store: StoreContext, @Body() body: StaffLoginBody): Promise<StaffSession> {
    return this.sessions.login(store.storeId, body);
  }

  @Post('refresh')
  @HttpCode(200)
  @AdminSessionRoute()
  @IpRateLimit('refresh')
  @ApiOperation({ summary: 'Trade a refresh token for a new pair (the old one is used up)' })
  refresh(
    @CurrentStore() store: StoreContext,
    @Body() body: StaffRefreshTokenBody,
  ): Promise<StaffSession> {
    return this.sessions.refresh(store.storeId, body.refresh_token);
  }

  @Post('logout')
  @HttpCode(204)
  @AdminSessionRoute()
  @IpRateLimit('logout')
  @ApiOperation({ summary: 'End the session the refresh token belongs to' })
  async logout(@Body() body: StaffRefreshTokenBody): Promise<void> {
    await this.sessions.logout(body.refresh_token);
  }

  @Post('accept_invitation')
  @HttpCode(200)
  @AdminSessionRoute()
  @IpRateLimit('password_reset')
  @ApiOperation({
    summary:
      'An invited staff user chooses its password with the e-mailed token (valid 7 days, once) and is signed in',
  })
  acceptInvitation(
    @CurrentStore() store: StoreContext,
    @Body() body: AcceptStaffInvitationBody,
  ): Promise<StaffSession> {
    return this.invitations.accept(store.storeId, body);
  }
}
