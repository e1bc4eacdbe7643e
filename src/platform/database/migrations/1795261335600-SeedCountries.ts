import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ISO 3166-1 alpha-2 codes of every country and territory. */
const ISO_CODES =
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW
BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE
KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV
MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC
SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ
VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/);

/** Countries whose addresses need a state or province. */
const STATES_REQUIRED = new Set(['AR', 'AU', 'BR', 'CA', 'CN', 'IN', 'IT', 'JP', 'MX', 'MY', 'US']);
/** Countries without postal codes in general use. */
const NO_POSTAL_CODES = new Set([
  'AE',
  'AG',
  'AO',
  'BS',
  'BZ',
  'CW',
  'FJ',
  'GD',
  'GH',
  'HK',
  'IE',
  'KI',
  'KN',
  'QA',
  'SB',
  'TV',
  'UG',
  'VU',
  'ZW',
]);

export class SeedCountries1795261335600 implements MigrationInterface {
  name = 'SeedCountries1795261335600';

  async up(queryRunner: QueryRunner): Promise<void> {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const rows = ISO_CODES.map((iso) => [
      iso,
      names.of(iso) ?? iso,
      STATES_REQUIRED.has(iso),
      !NO_POSTAL_CODES.has(iso),
    ]);
    const placeholders = rows.map(
      (_, index) => `($${index * 4 + 1}, $${index * 4 + 2}, $${index * 4 + 3}, $${index * 4 + 4})`,
    );
    await queryRunner.query(
      `INSERT INTO countries (iso, name, states_required, zipcode_required) VALUES ${placeholders.join(', ')}
       ON CONFLICT (iso) DO NOTHING`,
      rows.flat(),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM countries');
  }
}
