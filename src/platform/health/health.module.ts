import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { WorkerHeartbeat } from './worker-heartbeat.js';

@Module({ controllers: [HealthController], providers: [WorkerHeartbeat] })
export class HealthModule {}
