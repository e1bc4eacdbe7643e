import { Module } from '@nestjs/common';

/** Customer accounts, their sessions and address books; admin management of customers. */
@Module({})
export class CustomersModule {}
