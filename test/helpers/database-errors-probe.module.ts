import { Body, Controller, Module, Post } from '@nestjs/common';
import { IsIn, IsInt, IsString, Min } from 'class-validator';
import { DataSource, EntityManager } from 'typeorm';

/** Every probe write first stores a zone named `marker`: a failed one must leave none behind. */
class MarkedBody {
  @IsInt()
  store_id: number;

  @IsString()
  marker: string;
}

class UniqueBody extends MarkedBody {
  @IsString()
  email: string;
}

class CustomerRefBody extends MarkedBody {
  @IsInt()
  customer_id: number;
}

class RoleRefBody extends MarkedBody {
  @IsInt()
  role_id: number;
}

class StockBody extends MarkedBody {
  @IsInt()
  stock_item_id: number;

  @IsInt()
  @Min(0)
  take: number;
}

class TwoZonesBody extends MarkedBody {
  @IsInt()
  first_zone_id: number;

  @IsInt()
  second_zone_id: number;

  /** An advisory lock the test holds until both requests hold their first row. */
  @IsInt()
  barrier: number;
}

const LOCK_MODES = ['nowait', 'lock_timeout'] as const;

class ZoneBody extends MarkedBody {
  @IsInt()
  zone_id: number;

  @IsIn(LOCK_MODES)
  mode: (typeof LOCK_MODES)[number];
}

const RAISABLE = ['40001', '40P01', '55P03'] as const;

class RaiseBody extends MarkedBody {
  @IsIn(RAISABLE)
  sqlstate: (typeof RAISABLE)[number];
}

async function writeMarker(manager: EntityManager, body: MarkedBody): Promise<void> {
  await manager.query(`INSERT INTO zones (store_id, name, country_isos) VALUES ($1, $2, '{US}')`, [
    body.store_id,
    body.marker,
  ]);
}

/**
 * Routes that exist only in tests: each runs real SQL against the real tables in one
 * transaction and lets the database's error reach the exception filter untouched.
 */
@Controller('test-probe/database-errors')
class DatabaseErrorsProbeController {
  constructor(private readonly dataSource: DataSource) {}

  private marked(body: MarkedBody, work: (manager: EntityManager) => Promise<void>) {
    return this.dataSource.transaction(async (manager) => {
      await writeMarker(manager, body);
      await work(manager);
      return { marker: body.marker };
    });
  }

  @Post('customers')
  createCustomer(@Body() body: UniqueBody) {
    return this.marked(body, (manager) =>
      manager.query(`INSERT INTO customers (store_id, email) VALUES ($1, $2)`, [
        body.store_id,
        body.email,
      ]),
    );
  }

  @Post('addresses')
  createAddress(@Body() body: CustomerRefBody) {
    return this.marked(body, (manager) =>
      manager.query(
        `INSERT INTO addresses (store_id, customer_id, firstname, address1, city, country_iso)
         VALUES ($1, $2, 'Ada', '1 Main St', 'Springfield', 'US')`,
        [body.store_id, body.customer_id],
      ),
    );
  }

  @Post('roles/delete')
  deleteRole(@Body() body: RoleRefBody) {
    return this.marked(body, (manager) =>
      manager.query(`DELETE FROM roles WHERE id = $1 AND store_id = $2`, [
        body.role_id,
        body.store_id,
      ]),
    );
  }

  @Post('stock/take')
  takeStock(@Body() body: StockBody) {
    return this.marked(body, (manager) =>
      manager.query(
        `UPDATE stock_items SET count_on_hand = count_on_hand - $1 WHERE id = $2 AND store_id = $3`,
        [body.take, body.stock_item_id, body.store_id],
      ),
    );
  }

  @Post('zones/lock-both')
  lockBoth(@Body() body: TwoZonesBody) {
    return this.marked(body, async (manager) => {
      const mark = `UPDATE zones SET description = $1 WHERE id = $2`;
      await manager.query(mark, [body.marker, body.first_zone_id]);
      await manager.query(`SELECT pg_advisory_xact_lock_shared($1)`, [body.barrier]);
      await manager.query(mark, [body.marker, body.second_zone_id]);
    });
  }

  @Post('zones/lock')
  lockZone(@Body() body: ZoneBody) {
    return this.marked(body, async (manager) => {
      if (body.mode === 'nowait') {
        await manager.query(`SELECT id FROM zones WHERE id = $1 FOR UPDATE NOWAIT`, [body.zone_id]);
      } else {
        await manager.query(`SET LOCAL lock_timeout = '100ms'`);
      }
      await manager.query(`UPDATE zones SET description = $1 WHERE id = $2`, [
        body.marker,
        body.zone_id,
      ]);
    });
  }

  /** The database reports a conflict by SQLSTATE, for a database with one session. */
  @Post('raise')
  raise(@Body() body: RaiseBody) {
    return this.marked(body, (manager) =>
      manager.query(
        `DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '${body.sqlstate}'; END $$`,
      ),
    );
  }

  /** A database error the service cannot explain to the client: still a 500. */
  @Post('broken')
  broken(@Body() body: MarkedBody) {
    return this.marked(body, (manager) => manager.query(`SELECT no_such_column FROM zones`));
  }
}

@Module({ controllers: [DatabaseErrorsProbeController] })
export class DatabaseErrorsProbeModule {}
