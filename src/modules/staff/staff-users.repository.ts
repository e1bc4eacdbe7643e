import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { StaffUser } from '../auth/index.js';

/** Staff users of one store, always with their role (its scopes are what they may do). */
@Injectable()
export class StaffUsers {
  constructor(@InjectRepository(StaffUser) private readonly users: Repository<StaffUser>) {}

  byEmail(storeId: string, email: string): Promise<StaffUser | null> {
    return this.users.findOne({
      where: { storeId, email: normalizeStaffEmail(email) },
      relations: { role: true },
    });
  }

  byId(storeId: string, id: string): Promise<StaffUser | null> {
    return this.users.findOne({ where: { storeId, id }, relations: { role: true } });
  }
}

/** Staff e-mail addresses are kept lower-cased, so sign-in ignores case. */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}
