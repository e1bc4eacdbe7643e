import { Module } from '@nestjs/common';

/** Staff sessions and the Admin API's key management. */
@Module({})
export class StaffModule {}
