import { PRODUCT_NAME } from '../../config';
import { ProductView } from './ProductView';

export default function ProductPage() {
  return <ProductView productName={PRODUCT_NAME} registerPath="/register" />;
}
