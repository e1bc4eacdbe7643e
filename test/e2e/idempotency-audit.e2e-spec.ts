import { Body, Controller, Module, Post } from '@nestjs/common';
import { startTestApp } from '../helpers/test-app.js';

@Controller('api/v3/store/forgetful')
class ForgetfulController {
  @Post()
  create(@Body() body: object) {
    return body;
  }
}

@Module({ controllers: [ForgetfulController] })
class ForgetfulModule {}

describe('idempotency coverage', () => {
  it('refuses to boot when a mutating v3 route does not honour Idempotency-Key', async () => {
    await expect(startTestApp({ extraModules: [ForgetfulModule] })).rejects.toThrow(
      'Mutating v3 routes without @Idempotent(): ForgetfulController.create',
    );
  });
});
