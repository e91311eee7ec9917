import { PRODUCT_NAME } from '../../config';
import { ProductView } from './ProductView';
import { REGISTER_PATH } from '../../routing/paths';

export default function ProductPage() {
  return <ProductView productName={PRODUCT_NAME} registerPath={REGISTER_PATH} />;
}
