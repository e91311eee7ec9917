import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '../components/ListStates';
import { ChunkLoadError } from './lazyPage';

interface Props {
  children: ReactNode;
  /** Called before re-rendering on retry (e.g. forget the failed lazy chunk). */
  onRetry?: () => void;
}

interface State {
  error: Error | null;
}

/** Catches a page's render or chunk-load failure and offers a retry (spec §8 chunk timeout). */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('页面渲染失败', error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError;
    return (
      <ErrorState
        title={chunk ? '页面加载失败' : '页面出错了'}
        description={
          chunk ? '网络不太稳定，页面资源没有加载成功，请重试。' : '页面遇到了问题，请重试；如果一直出现，请刷新页面。'
        }
        onRetry={this.retry}
        retryLabel="重试"
      />
    );
  }
}
