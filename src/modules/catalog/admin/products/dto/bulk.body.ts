import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PRODUCT_STATUSES, type ProductStatus } from '../../../product.entity.js';
import { IdList, TagList } from './catalog-fields.js';

/** The products a bulk action applies to. */
class BulkProductsBody {
  @IdList('prod_k3G7QAe51F', { required: true, description: 'At most 100 `prod_…` ids' })
  ids: string[];
}

export class BulkStatusBody extends BulkProductsBody {
  @ApiProperty({ enum: PRODUCT_STATUSES })
  @IsIn(PRODUCT_STATUSES, { message: `status must be one of ${PRODUCT_STATUSES.join(', ')}` })
  status: ProductStatus;
}

export class BulkProductTagsBody extends BulkProductsBody {
  @TagList({ required: true })
  tags: string[];
}

export class BulkCategoriesBody extends BulkProductsBody {
  @IdList('ctg_k3G7QAe51F', { required: true, description: 'At most 100 `ctg_…` ids' })
  category_ids: string[];
}
